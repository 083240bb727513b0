import type { PageRoute } from '@bazar/web-kit';

/** The cart's pages; My Orders shows in the dashboard's frame, beside the dashboard's own pages. */
export default [
  { path: '/cart', page: './pages/CartPage.tsx', access: 'signedIn' },
  { path: '/checkout', page: './pages/CheckoutPage.tsx', access: 'signedIn' },
  // an order's receipt, to print or keep as a PDF; the order service answers only its shopper (or an admin)
  { path: '/receipt/:id', page: './pages/ReceiptPage.tsx', access: 'signedIn' },
  {
    path: '/dashboard/my-orders',
    page: './pages/MyOrdersPage.tsx',
    access: 'signedIn',
    menu: { in: 'dashboard', label: 'myOrders', order: 20 },
  },
] satisfies PageRoute[];
