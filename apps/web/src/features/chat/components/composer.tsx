import { CHAT_LIMITS } from '@app/contract';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api-error';
import { ChooseMediaModal } from './choose-media-modal';

interface ComposerProps {
  onSendText: (text: string) => Promise<unknown>;
  onSendFile: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  onTyping: () => void;
  disabled?: boolean;
}

const TYPING_EVERY_MS = 2000;

/** Text area (empty messages are not sent), file picker and the media dialog. Enter sends. */
export function Composer({ onSendText, onSendFile, onTyping, disabled }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const picker = useRef<HTMLInputElement>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSendText(message);
      setText('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  const change = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  const sendFile = async () => {
    if (!file) return;
    setProgress(0);
    setUploadError(null);
    try {
      await onSendFile(file, setProgress);
      setFile(null);
    } catch (failure) {
      setUploadError(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Form onSubmit={submit} className="border-top p-2">
      <Form.Label htmlFor={`${id}-text`} className="visually-hidden">
        Message
      </Form.Label>
      <Form.Control
        id={`${id}-text`}
        as="textarea"
        rows={2}
        value={text}
        maxLength={CHAT_LIMITS.textMax}
        placeholder="Write a message…"
        disabled={disabled}
        isInvalid={error !== null}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      <div className="d-flex justify-content-between align-items-center mt-2 gap-2">
        <div>
          <Form.Label htmlFor={`${id}-file`} className="visually-hidden">
            Attach a file
          </Form.Label>
          <input
            ref={picker}
            id={`${id}-file`}
            type="file"
            className="form-control form-control-sm"
            accept={CHAT_LIMITS.mediaTypes.join(',')}
            disabled={disabled}
            onChange={(event) => {
              setUploadError(null);
              setFile(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
        </div>
        <Button type="submit" disabled={disabled || sending || !text.trim()}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </div>
      <ChooseMediaModal
        file={file}
        progress={progress}
        error={uploadError}
        onSend={sendFile}
        onCancel={() => {
          setFile(null);
          picker.current?.focus();
        }}
      />
    </Form>
  );
}
