/** Issue 46: the islands' script of this build (apps/web/vite.config.ts writes it). */
declare module 'virtual:vaggen-islands' {
  const script: { entry: string; preload: string[] };
  export default script;
}
