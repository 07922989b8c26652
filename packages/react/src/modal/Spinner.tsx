export function Spinner({ label }: { label: string }) {
  return (
    <div className="latch-center" role="status">
      <span className="latch-spinner" aria-hidden="true" />
      <span className="latch-visually-hidden">{label}</span>
    </div>
  )
}
