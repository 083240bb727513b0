import { useState, type FormEvent } from 'react';
import { Link, useLocation } from '@bazar/web-kit/routing';
import { ShoppingBag, Truck } from 'lucide-react';
import { serverMessage, showNotice } from '@bazar/web-kit';
import '../styles.css';
import { pointsToMyOrders, usePlaceOrderMutation } from '../api';
import { useMyCart } from '../components/useMyCart';
import { OrderSummary } from '../components/OrderSummary';

const field =
  'mt-1 w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

export default function CheckoutPage() {
  const { shopper, lines, totals } = useMyCart();
  const location = useLocation();
  const [placeOrder, placing] = usePlaceOrderMutation();
  // One key per filled-in form: a retry or a double click of the same order is recognised by the
  // server. A new key cannot order the same cart twice either: the server refuses it (409).
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [formKey, setFormKey] = useState(0);
  const canPlace = lines.length > 0 && totals.total > 0 && !placing.isLoading;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await placeOrder({
      requestId,
      order: {
        name: String(form.get('name')),
        email: shopper?.email ?? '',
        phone: String(form.get('phone')),
        addinfo: String(form.get('addinfo')),
        total: totals.total,
        mycart: lines,
      },
    });
    // Every outcome reads the cart and the stock again (the api's tags): a refusal for stock shows
    // what is left, a placed order shows the emptied cart.
    if (result.error) {
      void showNotice({
        tone: 'error',
        title: 'Oops...',
        text: serverMessage(result.error) ?? 'Something went wrong!',
        ...(pointsToMyOrders(result.error) && { footer: { text: 'Go to My Orders', href: '/dashboard/my-orders' } }),
      });
      return;
    }
    void showNotice({
      tone: 'success',
      title: 'Order placed',
      text: 'Please go to my order page to pay',
      autoCloseMs: 2000,
    });
    setRequestId(crypto.randomUUID());
    setFormKey((k) => k + 1);
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_24rem]">
      <section>
        <p className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
          Returning customer?{' '}
          <Link to="/login" state={{ from: location }} className="font-semibold underline">
            Click here to login
          </Link>
        </p>
        <h1 className="mt-8 text-3xl font-extrabold text-stone-800">Billing Details</h1>
        <form key={formKey} id="billing" onSubmit={(e) => void submit(e)} className="mt-6 grid gap-4">
          <label className="block text-sm font-medium text-stone-700">
            Name
            <input name="name" required defaultValue={shopper?.name} className={field} />
          </label>
          <label className="block text-sm font-medium text-stone-700">
            Email
            <input name="email" type="email" readOnly value={shopper?.email ?? ''} className={`${field} bg-stone-100 text-stone-500`} />
          </label>
          <label className="block text-sm font-medium text-stone-700">
            Phone (optional)
            <input name="phone" type="tel" placeholder="01712345678" pattern="(\+880|0)1[3-9][0-9]{8}" className={field} />
          </label>
          <label className="block text-sm font-medium text-stone-700">
            Additional information
            <textarea name="addinfo" rows={4} placeholder="Delivery address, notes for the rider…" className={field} />
          </label>
        </form>
        <div className="mt-8 hidden grid-cols-2 gap-4 sm:grid" aria-hidden>
          <div className="flex h-40 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
            <ShoppingBag className="size-20" strokeWidth={1.25} />
          </div>
          <div className="flex h-40 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Truck className="size-20" strokeWidth={1.25} />
          </div>
        </div>
      </section>
      <aside aria-label="Your order" className="h-fit rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-xl font-bold text-stone-800">Your Order</h2>
        <OrderSummary totals={totals} deliveryLabel="Delivery" />
        <button
          type="submit"
          form="billing"
          disabled={!canPlace}
          className="mt-6 w-full rounded-full bg-brand-600 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300"
        >
          Place Order
        </button>
      </aside>
    </div>
  );
}
