import { Apple, Carrot, Citrus, Croissant, Fish, Salad } from 'lucide-react';
import '../styles.css';

const posts = [Salad, Citrus, Fish, Carrot, Croissant, Apple];

export default function BlogsPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-center text-3xl font-extrabold text-stone-800">This Week Blogs</h1>
      <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3">
        {posts.map((Art, i) => (
          <li key={i}>
            <div
              className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-brand-50 text-brand-600"
              role="img"
              aria-label={`Blog picture ${i + 1}`}
            >
              <Art className="size-20" strokeWidth={1.25} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
