// The boxes an editor sees (edit and preview mode only) where a rendering is not on the page:
// unknown to the site, or failed. Visitors see nothing there. Labelled groups, so an editor (and a
// test) finds them by name.

/** What an editor sees (edit and preview only) where a rendering threw: a labelled box naming it. */
export function FailedComponent({ name }: { name: string }) {
  const label = `Failed component: ${name}`;
  return (
    <div className="container">
      <div role="group" aria-label={label} className="unknown-component" data-component-name={name} data-failed="">
        <p>
          <strong>{label}</strong>
        </p>
        <p className="muted">
          This rendering failed; visitors see the page without it. The browser console has the error.
        </p>
      </div>
    </div>
  );
}

/**
 * What an editor sees for a rendering the site has no component for (edit and preview only): a
 * labelled, dashed box, so the rendering can be found and removed or built.
 */
export function UnknownComponent({ name }: { name: string }) {
  const label = `Unknown component: ${name}`;
  return (
    <div className="container">
      <div role="group" aria-label={label} className="unknown-component" data-component-name={name}>
        <p>
          <strong>{label}</strong>
        </p>
        <p className="muted">The site has no component with this name; visitors see nothing here.</p>
      </div>
    </div>
  );
}
