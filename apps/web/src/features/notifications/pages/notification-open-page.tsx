/**
 * notifications/list/{id} (spec §2, §4): opening a notification. It is marked read, then the app goes
 * where it leads: Insurance and InsuranceRisk → the insurance, WalletMovement → the movement, anything
 * else → notifications/detail. On failure the error is shown and the list comes back (spec §8). A push
 * notification tapped on the device opens this same route.
 */
import { notificationRoute } from '@cubierto/contracts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useReadNotificationMutation } from '../api/read-notification.ts';

export function NotificationOpenPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { mutateAsync: readNotification } = useReadNotificationMutation();

  useEffect(() => {
    let cancelled = false;
    const open = async () => {
      try {
        const notificationId = Number(id);
        if (!Number.isInteger(notificationId) || notificationId <= 0) throw new Error('bad id');
        const read = await readNotification(notificationId);
        if (!cancelled)
          await navigate(notificationRoute(read.notification.action, read.id), { replace: true });
      } catch (error) {
        if (cancelled) return;
        handleError(error, 30);
        await navigate('/notifications', { replace: true });
      }
    };
    void open();
    return () => {
      cancelled = true;
    };
  }, [id, navigate, readNotification]);

  return <PageLoader />;
}
