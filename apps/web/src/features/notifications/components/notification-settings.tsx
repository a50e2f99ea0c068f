import {
  MAIL_CHOICE_LABELS,
  MAIL_CHOICES,
  type MailChoice,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@app/contract';
import { useState } from 'react';
import { Card, Form } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { usePreferences, useUpdatePreference } from '../api';

/**
 * Notification settings (decision 034): per kind, mail at once, in a daily digest, or none. Every
 * notification stays in the bell whatever is chosen. A choice is saved as it is made. Profile →
 * Notifications for clients; the staff area and the admin panel show the same component.
 */
export function NotificationSettings() {
  const preferences = usePreferences();
  const update = useUpdatePreference();
  const toast = useToast();
  // The click's choice, held in the component until the server answers: the query cache's optimistic
  // write reaches the radios a timer later, and React puts a controlled radio back at once, so on a
  // busy machine the click briefly showed nothing (a browser test read the radio unchecked).
  const [chosen, setChosen] = useState<Partial<Record<NotificationKind, MailChoice>>>({});
  // A later click on the same kind keeps its own choice until its own answer.
  const settle = (kind: NotificationKind, mail: MailChoice) =>
    setChosen((current) => (current[kind] === mail ? { ...current, [kind]: undefined } : current));
  const choose = (kind: NotificationKind, mail: MailChoice) => {
    setChosen((current) => ({ ...current, [kind]: mail }));
    update.mutate(
      { kind, mail },
      {
        onSuccess: () =>
          toast.show({
            message: `${NOTIFICATION_KIND_LABELS[kind]}: ${MAIL_CHOICE_LABELS[mail].toLowerCase()}.`,
            variant: 'success',
          }),
        onError: (error) => toast.show({ message: errorMessage(error), variant: 'danger' }),
        onSettled: () => settle(kind, mail),
      },
    );
  };
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Notifications
        </Card.Title>
        <Card.Text className="text-body-secondary">
          Everything shows under the bell at the top of the page. Choose which you also get by mail: at once
          (several within a few minutes come as one mail), in one daily digest, or not at all.
        </Card.Text>
        {!preferences.data ? (
          <QueryState
            isPending={preferences.isPending}
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <div className="d-flex flex-column gap-3">
            {NOTIFICATION_KINDS.map((kind) => (
              <fieldset key={kind} className="border-bottom pb-2" data-kind={kind}>
                <legend className="fs-6 fw-semibold mb-1">{NOTIFICATION_KIND_LABELS[kind]}</legend>
                <div className="d-flex flex-wrap column-gap-3">
                  {MAIL_CHOICES.map((mail) => (
                    <Form.Check
                      key={mail}
                      type="radio"
                      id={`notification-${kind}-${mail}`}
                      name={`notification-${kind}`}
                      label={MAIL_CHOICE_LABELS[mail]}
                      checked={(chosen[kind] ?? preferences.data[kind]) === mail}
                      onChange={() => choose(kind, mail)}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
