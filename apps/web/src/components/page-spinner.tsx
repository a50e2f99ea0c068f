/**
 * Loading state for a whole page or panel. Bootstrap's spinner markup written out (what
 * react-bootstrap's `Spinner animation="border"` renders): it is in every page's first download,
 * where the component's module cost about 200 bytes of gzip for one class name.
 */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5">
      <div className="spinner-border" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
