import '../styles.css';

export default function ContactPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-stone-800">contact</h1>
    </section>
  );
}
