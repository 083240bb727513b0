/**
 * The storefront's router: the parts of React Router the apps use, and nothing else. Every app
 * imports routing from here, never from react-router, and federation shares this module as one
 * singleton: the page holds one router (one set of its React contexts), and, being a module of our
 * own, it is tree-shaken to these names, where the whole shared library would weigh three times as
 * much. A remote that needs another name adds it here; the shell that serves it must be deployed first.
 */
export {
  createBrowserRouter,
  data,
  Form,
  isRouteErrorResponse,
  Link,
  Navigate,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteError,
  useSearchParams,
  type LoaderFunction,
  type Location,
  type RouteObject,
} from 'react-router';
// The DOM's provider: it renders navigations with react-dom's flushSync where React Router asks to.
export { RouterProvider } from 'react-router/dom';
