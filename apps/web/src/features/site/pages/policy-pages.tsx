import { PolicyArticle } from '../components/policy-article';
import { BUSINESS_REGISTRATION_CONDITIONS, ORDER_CREATION_CONDITIONS } from '../content/conditions';
import { PRIVACY_POLICY } from '../content/privacy-policy';
import { REFUND_POLICY } from '../content/refund-policy';
import { TERMS_OF_SERVICE } from '../content/terms-of-service';

export const TermsOfServicePage = () => <PolicyArticle doc={TERMS_OF_SERVICE} />;
export const PrivacyPolicyPage = () => <PolicyArticle doc={PRIVACY_POLICY} />;
export const RefundPolicyPage = () => <PolicyArticle doc={REFUND_POLICY} />;
export const BusinessRegistrationConditionsPage = () => (
  <PolicyArticle doc={BUSINESS_REGISTRATION_CONDITIONS} />
);
export const OrderCreationConditionsPage = () => <PolicyArticle doc={ORDER_CREATION_CONDITIONS} />;
