import './styles/site.css';

// Entry of every page. The prerendered HTML and this stylesheet are the whole first paint;
// React, the app and the widget load right after it, so nothing competes with the page's
// first render (this keeps LCP independent of script size). A page opened in a background tab
// gets no animation frame, so it loads at once instead.
let started = false;
function start(): void {
  if (!started) {
    started = true;
    void import('./client.tsx').then((client) => client.startApp());
  }
}

if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
