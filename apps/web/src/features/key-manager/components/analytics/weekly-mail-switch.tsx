import { Form } from 'react-bootstrap';
import { useToast } from '../../../../components/toast/toast-context';
import { errorMessage } from '../../../../lib/api-error';
import { useSaveUsageSettings, useUsageSettings } from '../../analytics-api';

/**
 * The weekly usage mail (opt-in, decision 037): saved as soon as it is switched, with a toast. Until
 * the setting has loaded the switch is shown off and disabled, at its final size.
 */
export function WeeklyMailSwitch() {
  const settings = useUsageSettings();
  const save = useSaveUsageSettings();
  const toast = useToast();
  const on = save.isPending ? (save.variables?.weeklyMail ?? false) : (settings.data?.weeklyMail ?? false);
  return (
    <Form.Group controlId="km-weekly-mail">
      <Form.Check
        type="switch"
        label="Weekly usage mail"
        checked={on}
        disabled={!settings.data || save.isPending}
        aria-describedby="km-weekly-mail-hint"
        onChange={(event) =>
          save.mutate(
            { weeklyMail: event.target.checked },
            {
              onSuccess: (reply) =>
                toast.show({
                  message: reply.settings.weeklyMail
                    ? 'Weekly usage mail on: the first arrives next Monday.'
                    : 'Weekly usage mail off.',
                }),
              onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
            },
          )
        }
      />
      <Form.Text id="km-weekly-mail-hint" muted className="small">
        {settings.error && !settings.data
          ? 'The setting could not be loaded.'
          : 'Every Monday: last week’s calls, refusals and top keys, to your account’s email.'}
      </Form.Text>
    </Form.Group>
  );
}
