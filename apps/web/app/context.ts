import type { ReaderContext } from '@vaggen/contract';

declare module 'react-router' {
  interface AppLoadContext extends ReaderContext {}
}
