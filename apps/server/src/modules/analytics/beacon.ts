/**
 * Issue 45 (decision 050): the reading beacon, written into every reader page's <head> by the
 * server (not part of the reader's JavaScript bundle). Each second the page is visible and its
 * reader was active (scrolled, typed, pointed, touched) within five seconds counts as engaged; the
 * deepest quarter of the page reached is noted. When the page is hidden or left (`pagehide`,
 * `visibilitychange`) — or the app moves to another page — it sends what it has with
 * `navigator.sendBeacon`: the engaged seconds since the last report, and the depth once per page.
 * No cookie, no storage, no identifier: only the page's path and the numbers.
 */
export const BEACON_SCRIPT =
  '(function(){var d=document,n=navigator,p=location.pathname,s=0,a=Date.now(),m=0,o=0;' +
  "function b(e){e.path=p;try{n.sendBeacon&&n.sendBeacon('/api/analytics/events',JSON.stringify(e))}catch(x){}}" +
  "function f(){if(s){b({type:'engaged',seconds:Math.min(s,1800)});s=0}if(m&&!o){b({type:'scroll',depth:m});o=1}}" +
  "['scroll','keydown','pointerdown','pointermove','touchstart'].forEach(function(e){addEventListener(e,function(){a=Date.now()},{passive:!0})});" +
  'setInterval(function(){if(location.pathname!=p){f();p=location.pathname;m=o=0;a=Date.now()}' +
  'if(!d.hidden&&Date.now()-a<5e3)s++;var h=d.documentElement,r=(scrollY+innerHeight)/h.scrollHeight,' +
  'q=r>.98?100:r>=.75?75:r>=.5?50:r>=.25?25:0;if(q>m)m=q},1e3);' +
  "addEventListener('pagehide',f);d.addEventListener('visibilitychange',function(){d.hidden&&f()})})()";
