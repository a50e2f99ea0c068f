// Other modules use the notification centre only through `deps.notifications` (NotificationsPort,
// ports/notifications.ts); the composition root builds it and registers its routes.
export { NotificationCentre, type NotificationCentreDeps } from './centre.js';
export { notificationRoutes } from './routes.js';
