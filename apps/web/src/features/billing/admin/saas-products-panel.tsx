import {
  type Plan,
  type SaasProduct,
  type SaasProductAddRequest,
  ZSaasProductAddRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { planPrice } from '../money';
import { useAddSaasProduct, useAdminSaasProducts, useDeletePlan } from './admin-api';
import { PlanDialog } from './plan-dialog';

function AddSaasProductDialog({ onHide }: { onHide: () => void }) {
  const add = useAddSaasProduct();
  const toast = useToast();
  const form = useForm<SaasProductAddRequest>({
    resolver: zodResolver(ZSaasProductAddRequest),
    defaultValues: { name: '', description: '', date: new Date().toISOString().slice(0, 10) },
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      onHide={onHide}
      title="Add a SaaS product"
      onSubmit={form.handleSubmit((values) =>
        add.mutate(values, {
          onSuccess: (reply) => {
            toast.show({ message: reply.message, variant: 'success' });
            onHide();
          },
        }),
      )}
      error={add.error}
      pending={add.isPending}
      submitLabel="Add SaaS product"
      pendingLabel="Adding…"
    >
      <TextField
        controlId="saas-name"
        label="Name"
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <TextField
        controlId="saas-description"
        label="Description"
        registration={form.register('description')}
        error={errors.description?.message}
      />
      <TextField
        controlId="saas-date"
        label="Date"
        type="date"
        registration={form.register('date')}
        error={errors.date?.message}
      />
    </FormDialog>
  );
}

function ProductPlans({ product, onEdit }: { product: SaasProduct; onEdit: (plan?: Plan) => void }) {
  const remove = useDeletePlan();
  const toast = useToast();
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex justify-content-between align-items-center gap-2">
        <h3 className="h6 mb-0">
          {product.name} <span className="text-body-secondary small">· {product.date}</span>
        </h3>
        <Button size="sm" onClick={() => onEdit()}>
          Add plan<span className="visually-hidden"> to {product.name}</span>
        </Button>
      </Card.Header>
      <StackedTable responsive className="mb-0" size="sm">
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Price</th>
            <th scope="col">Features</th>
            <th scope="col">Calls / min</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {product.plans.length === 0 && (
            <tr>
              <td colSpan={5} className="text-body-secondary">
                No plans yet.
              </td>
            </tr>
          )}
          {product.plans.map((plan) => (
            <tr key={plan.id}>
              <td>
                {plan.name} {plan.is_free && <Badge bg="success">Free</Badge>}
              </td>
              <td>{planPrice(plan)}</td>
              <td className="small">{plan.items.map((item) => item.item).join(' · ')}</td>
              <td>{plan.api_information.calls_per_minute}</td>
              <td className="text-nowrap">
                <Button size="sm" variant="outline-primary" className="me-2" onClick={() => onEdit(plan)}>
                  Edit<span className="visually-hidden"> {plan.name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (!window.confirm(`Delete the plan ${plan.name}? Current subscribers keep it.`)) return;
                    remove.mutate(
                      { productID: product.id, planID: plan.id },
                      {
                        onSuccess: (reply) => toast.show({ message: reply.message, variant: 'success' }),
                        onError: (error) => toast.show({ message: error.message, variant: 'danger' }),
                      },
                    );
                  }}
                >
                  Delete<span className="visually-hidden"> {plan.name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </StackedTable>
    </Card>
  );
}

/** SaaS products and their plans: add products, add/edit/delete plans. */
export function SaasProductsPanel() {
  const products = useAdminSaasProducts();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ product: SaasProduct; plan?: Plan } | null>(null);
  return (
    <section aria-labelledby="saas-products-title">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h3 id="saas-products-title" className="h5 mb-0">
          SaaS products and plans
        </h3>
        <Button onClick={() => setAdding(true)}>Add SaaS product</Button>
      </div>
      <QueryState isPending={products.isPending} error={products.error} onRetry={() => products.refetch()} />
      {products.data?.map((product) => (
        <ProductPlans key={product.id} product={product} onEdit={(plan) => setEditing({ product, plan })} />
      ))}
      {adding && <AddSaasProductDialog onHide={() => setAdding(false)} />}
      {editing && (
        <PlanDialog
          productID={editing.product.id}
          productSlug={editing.product.slug}
          productName={editing.product.name}
          plan={editing.plan}
          onHide={() => setEditing(null)}
        />
      )}
    </section>
  );
}
