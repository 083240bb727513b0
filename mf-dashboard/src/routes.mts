import type { PageRoute } from '@bazar/web-kit';

/** The dashboard: its frame under /dashboard (heading and sidebar), and its pages in it. The admin's
 *  pages are for admins only: the shell checks with the user service before showing them. */
export default [
  {
    path: '/dashboard',
    page: './DashboardPage.tsx',
    access: 'signedIn',
    layout: true,
    menu: { in: 'account', label: 'dashboardNav', order: 10 },
  },
  { path: '/dashboard', page: './pages/DashboardStart.tsx', access: 'signedIn' },
  {
    path: '/dashboard/my-profile',
    page: './pages/MyProfile.tsx',
    component: 'MyProfile',
    access: 'signedIn',
    menu: { in: 'dashboard', label: 'links.myProfile', order: 10 },
  },
  {
    path: '/dashboard/my-wallet',
    page: './pages/MyWallet.tsx',
    component: 'MyWallet',
    access: 'signedIn',
    menu: { in: 'dashboard', label: 'links.myWallet', order: 30 },
  },
  {
    path: '/dashboard/my-review',
    page: './pages/MyReview.tsx',
    component: 'MyReview',
    access: 'signedIn',
    menu: { in: 'dashboard', label: 'links.myReview', order: 40 },
  },
  {
    path: '/dashboard/all-users',
    page: './pages/AllUsers.tsx',
    component: 'AllUsers',
    access: 'admin',
    menu: { in: 'dashboard', label: 'links.allUsers', order: 50 },
  },
  {
    path: '/dashboard/add-product',
    page: './pages/AddProduct.tsx',
    component: 'AddProduct',
    access: 'admin',
    menu: { in: 'dashboard', label: 'links.addProduct', order: 60 },
  },
  {
    path: '/dashboard/products',
    page: './pages/Products.tsx',
    component: 'Products',
    access: 'admin',
    menu: { in: 'dashboard', label: 'links.products', order: 65 },
  },
  { path: '/dashboard/products/:id', page: './pages/EditProduct.tsx', access: 'admin', loader: true },
  {
    path: '/dashboard/add-offer',
    page: './pages/AddOffer.tsx',
    component: 'AddOffer',
    access: 'admin',
    menu: { in: 'dashboard', label: 'links.addOffer', order: 70 },
  },
  {
    path: '/dashboard/orders',
    page: './pages/Orders.tsx',
    component: 'Orders',
    access: 'admin',
    menu: { in: 'dashboard', label: 'links.orders', order: 80 },
  },
] satisfies PageRoute[];
