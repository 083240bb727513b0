/** What a page says when a read it needs failed: which one, and a way to ask again. */
export function LoadFailure({ what, onRetry, className = '' }: { what: string; onRetry: () => void; className?: string }) {
  return (
    <p role="alert" className={`rounded-xl bg-red-50 p-4 text-red-800 ${className}`}>
      We could not load {what}.{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Retry
      </button>
    </p>
  );
}
