const figures = [
  { label: 'Current Balance', amount: '৳5,000' },
  { label: 'Total Credit', amount: '৳12,500' },
  { label: 'Total Debit', amount: '৳7,500' },
];

/** The spec's wallet: static figures, not wired to data. */
export function MyWallet() {
  return (
    <section aria-labelledby="wallet">
      <h2 id="wallet" className="text-2xl font-bold text-stone-800">
        My Wallet
      </h2>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-2xl bg-brand-50 p-5">
            <dt className="text-sm text-brand-900">{f.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-brand-700">{f.amount}</dd>
          </div>
        ))}
      </dl>
      <form className="mt-6 flex max-w-md gap-2" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="add-wallet" className="sr-only">
          Amount to add
        </label>
        <input
          id="add-wallet"
          type="number"
          min={0}
          placeholder="Amount"
          className="min-w-0 flex-1 rounded-full border border-stone-300 px-4 py-2"
        />
        <button type="submit" className="shrink-0 rounded-full bg-brand-600 px-5 py-2 font-semibold whitespace-nowrap text-white">
          Add Wallet
        </button>
      </form>
    </section>
  );
}
