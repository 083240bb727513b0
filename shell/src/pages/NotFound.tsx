import { Link } from '@bazar/web-kit/routing';

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <p className="text-8xl font-black tracking-tight text-brand-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-extrabold text-stone-800 sm:text-3xl">OOOPPS! THIS PAGE CAN'T BE FOUND.</h1>
      <p className="mt-3 text-stone-500">It looks like nothing was found at this location.</p>
      <Link to="/" className="mt-8 rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700">
        Go To Home
      </Link>
    </section>
  );
}
