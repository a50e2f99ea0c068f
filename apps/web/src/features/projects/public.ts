// What other features (admin, staff) may use from projects: display pieces and helpers.
export { ActivityList } from './components/activity-list';
export { OrderFiles } from './components/order-files';
export { ProgressBars } from './components/progress-bars';
export { ProgressForm } from './components/progress-form';
export { StatusBadge } from './components/status-badge';
export { formatDay, formatMoment, formatMoney, overallProgress } from './lib/format';
