/** The site footer, with the consent platform's "cookie settings" entry point. */
export function Footer() {
  const openSettings = () => (window as { OneTrust?: { ToggleInfoDisplay?: () => void } }).OneTrust?.ToggleInfoDisplay?.();
  return (
    <footer className="site-footer">
      <div className="container">
        <p>© Aerospace &amp; Defence Group. Designs, builds and supports aircraft, satellites and mission systems.</p>
        <button type="button" onClick={openSettings}>
          Cookie settings
        </button>
      </div>
    </footer>
  );
}
