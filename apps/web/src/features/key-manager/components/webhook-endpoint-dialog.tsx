import {
  type CreateWebhookEndpointRequest,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  ZCreateWebhookEndpointRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useProductOptions } from '../products-api';
import { useAddWebhookEndpoint, useUpdateWebhookEndpoint } from '../webhooks-api';

interface WebhookEndpointDialogProps {
  /** The endpoint to edit; without one the dialog adds a new endpoint. */
  endpoint?: WebhookEndpoint;
  onHide: () => void;
  /** After adding: the signing secret, which is shown once. */
  onCreated?: (secret: string) => void;
}

/**
 * Add or edit a webhook endpoint: its HTTPS address, a description, the events it receives, and
 * optionally the one product whose keys it hears about (decision 032).
 */
export function WebhookEndpointDialog({ endpoint, onHide, onCreated }: WebhookEndpointDialogProps) {
  const toast = useToast();
  const add = useAddWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const mutation = endpoint ? update : add;
  const products = useProductOptions();
  const form = useForm<CreateWebhookEndpointRequest, unknown, z.output<typeof ZCreateWebhookEndpointRequest>>(
    {
      resolver: zodResolver(ZCreateWebhookEndpointRequest),
      defaultValues: {
        url: endpoint?.url ?? '',
        description: endpoint?.description ?? '',
        events: endpoint?.events ?? [],
        // Null (every product) shows as the select's first option.
        product: endpoint?.product ?? null,
      },
    },
  );
  const { errors } = form.formState;
  const eventsError = errors.events?.message ?? errors.events?.root?.message;

  const onSubmit = form.handleSubmit((values) => {
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, ...values },
        {
          onSuccess: () => {
            toast.show({ message: 'Endpoint saved' });
            onHide();
          },
        },
      );
    } else {
      add.mutate(values, {
        onSuccess: (reply) => {
          onHide();
          onCreated?.(reply.secret);
        },
      });
    }
  });

  return (
    <FormDialog
      onHide={onHide}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      onSubmit={onSubmit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'}
      pendingLabel="Saving"
    >
      <TextField
        controlId="webhook-url"
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/webhooks/key-manager"
        hint="A public HTTPS address. Every event is POSTed to it as JSON, signed."
        registration={form.register('url')}
        error={errors.url?.message}
      />
      <TextField
        controlId="webhook-description"
        label="Description (optional)"
        registration={form.register('description')}
        error={errors.description?.message}
      />
      <Form.Group className="mb-3" controlId="webhook-product">
        <Form.Label>Product</Form.Label>
        <Form.Select
          {...form.register('product', { setValueAs: (code: string | null) => (code ? code : null) })}
          disabled={!products.data}
          aria-describedby="webhook-product-hint"
        >
          <option value="">All products</option>
          {products.data?.map((product) => (
            <option key={product.id} value={product.code}>
              {product.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="webhook-product-hint" muted>
          Events about other products’ keys are not sent here.
        </Form.Text>
      </Form.Group>
      <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend className="fs-6">Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Form.Check
            key={type}
            id={`webhook-event-${type}`}
            type="checkbox"
            value={type}
            label={
              <>
                <code>{type}</code> <span className="text-body-secondary small">{WEBHOOK_EVENTS[type]}</span>
              </>
            }
            isInvalid={Boolean(eventsError)}
            {...form.register('events')}
          />
        ))}
        {eventsError && (
          <div id="webhook-events-error" className="invalid-feedback d-block" role="alert">
            {eventsError}
          </div>
        )}
      </fieldset>
    </FormDialog>
  );
}
