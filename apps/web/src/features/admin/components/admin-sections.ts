import type { ComponentType } from 'react';
import { ApisSection } from '../../billing/admin/apis-section';
import { AdminProductsSection } from '../../billing/admin/products-section';
import { UpgradeRequestsSection } from '../../billing/admin/upgrade-requests-section';
import { PaymentsSection } from '../../billing/refunds/payments-section';
import { CustomerServiceSection } from '../../chat/admin/customer-service-section';
import { MessagesSection } from '../../chat/admin/messages-section';
import { JobsSection } from '../../operations/components/jobs-section';
import { MailSection } from '../../operations/components/mail-section';
import { AdminLeads } from '../../site/components/admin-leads';
import { AdminSubscribers } from '../../site/components/admin-subscribers';
import { ProjectsSection } from '../projects/projects-section';
import { UsersSection } from '../users/users-section';
import { AdminDashboard } from './admin-dashboard';

/**
 * Admin panel sidebar (spec §2), in display order. Later issues add Projects, Products, Plan Upgrade
 * Requests, APIs, Messages, Customer Service and Users here.
 */
export interface AdminSection {
  key: string;
  label: string;
  Component: ComponentType;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', label: 'Dashboard', Component: AdminDashboard },
  { key: 'projects', label: 'Projects', Component: ProjectsSection },
  { key: 'products', label: 'Products', Component: AdminProductsSection },
  { key: 'plan-upgrade-requests', label: 'Plan Upgrade Requests', Component: UpgradeRequestsSection },
  { key: 'payments', label: 'Payments', Component: PaymentsSection },
  { key: 'apis', label: 'APIs', Component: ApisSection },
  { key: 'leads', label: 'Leads', Component: AdminLeads },
  { key: 'newsletter', label: 'Newsletter', Component: AdminSubscribers },
  { key: 'messages', label: 'Messages', Component: MessagesSection },
  { key: 'customer-service', label: 'Customer Service', Component: CustomerServiceSection },
  { key: 'users', label: 'Users', Component: UsersSection },
  { key: 'mail', label: 'Mail', Component: MailSection },
  { key: 'jobs', label: 'Jobs', Component: JobsSection },
];
