import { Navigate } from '@bazar/web-kit/routing';

/** /dashboard opens on the shopper's profile. */
export default function DashboardStart() {
  return <Navigate to="/dashboard/my-profile" replace />;
}
