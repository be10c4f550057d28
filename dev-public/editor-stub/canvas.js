// A stand-in for the content platform's hosted page editor script (development only: the layout mock's
// metadata-mode answer names it in `clientScripts`). The real one connects the page to the editor
// around it; this one records what it found (the site's markers and the editor's data), so a developer
// or a test can see that edit mode loaded it and that the page is mapped.
(() => {
  const markers = document.querySelectorAll('code.scpm[type="text/sitecore"]');
  const state = document.getElementById('hrz-canvas-state');
  let itemId = null;
  try {
    itemId = state ? JSON.parse(state.textContent).itemId : null;
  } catch {
    itemId = null;
  }
  document.documentElement.dataset.editorCanvas = JSON.stringify({ markers: markers.length, itemId });
})();
