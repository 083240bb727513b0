export function SectionTitle({ id, kicker, children }: { id: string; kicker?: string; children: React.ReactNode }) {
  return (
    <div className="mb-6 text-center">
      {kicker && <p className="text-sm font-semibold tracking-widest text-accent-500 uppercase">{kicker}</p>}
      <h2 id={id} className="mt-1 text-2xl font-extrabold text-stone-800 sm:text-3xl">
        {children}
      </h2>
    </div>
  );
}
