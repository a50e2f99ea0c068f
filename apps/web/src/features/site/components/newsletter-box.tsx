import { type FormEvent, useId, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';

/**
 * docs/product-contract.md §Screens, §Validation, §Messages: an email input (type email only) and a
 * subscribe button; success shows 'Subscription successful!' and clears the input, failure shows the
 * server's message. Plain Bootstrap markup, and the API module (with zod) loads on first submit, keeping
 * the home page's initial JavaScript small (decision 009). The input is uncontrolled (read on submit):
 * it sits in every public page's footer, rendered by the build, and an address typed before React
 * hydrated the page was reset to the empty state (a busy machine's spec submitted "" once).
 */
export function NewsletterBox() {
  const id = useId();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setPending(true);
    setStatus(null);
    try {
      const { subscribeToNewsletter } = await import('../newsletter-api');
      const reply = await subscribeToNewsletter(email);
      form.reset();
      setStatus({ ok: true, text: `${reply.message} Check your inbox to confirm.` });
      toast.show({ message: reply.message, variant: 'success' });
    } catch (error) {
      const text = errorMessage(error);
      setStatus({ ok: false, text });
      toast.show({ message: text, variant: 'danger' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h4">
        Get our newsletter
      </h2>
      <p className="text-body-secondary">
        One email a month: new products, case studies and practical tips. Unsubscribe in one click.
      </p>
      <label htmlFor={`${id}-email`} className="visually-hidden">
        Email address
      </label>
      <div className="input-group">
        <input
          id={`${id}-email`}
          className="form-control"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {pending ? 'Subscribing' : 'Subscribe'}
        </button>
      </div>
      <div
        id={`${id}-status`}
        role="status"
        className={`small mt-2 ${status?.ok ? 'text-success' : 'text-danger'}`}
      >
        {status?.text}
      </div>
    </form>
  );
}
