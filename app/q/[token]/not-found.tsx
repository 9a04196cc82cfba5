/** Unknown links and unsent quotes look the same: nothing says whose quote it might be, or whether one exists. */
export default function QuoteNotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-5">
      <div className="w-full max-w-md rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">Quote not found</h1>
        <p className="mt-2 text-sm text-slate-600">This link does not lead to a quote. Please check that you copied the whole link from your email.</p>
      </div>
    </main>
  );
}
