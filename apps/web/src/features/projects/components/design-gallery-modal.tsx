import { DESIGN_TEMPLATES } from '@app/contract';
import { Button, Card, Col, Form, Modal, Row } from 'react-bootstrap';
import { TemplatePreview } from './template-preview';

interface DesignGalleryModalProps {
  show: boolean;
  selected: string[];
  onChange: (selected: string[]) => void;
  onClose: () => void;
}

/** 'Select Designs For you': design templates the client can pick; the choice is saved with the request. */
export function DesignGalleryModal({ show, selected, onChange, onClose }: DesignGalleryModalProps) {
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);
  return (
    <Modal show={show} onHide={onClose} size="lg" aria-labelledby="design-gallery-title">
      <Modal.Header closeButton>
        <Modal.Title id="design-gallery-title">Select Designs For you</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-muted">
          Pick the templates closest to what you have in mind; our designers start from them.
        </p>
        <Row xs={1} sm={2} md={3} className="g-3">
          {DESIGN_TEMPLATES.map((template) => {
            const checked = selected.includes(template.id);
            return (
              <Col key={template.id}>
                <Card className={`h-100 ${checked ? 'border-primary border-2' : ''}`}>
                  <TemplatePreview template={template} />
                  <Card.Body className="py-2">
                    <Form.Check
                      type="checkbox"
                      id={`design-template-${template.id}`}
                      label={template.name}
                      checked={checked}
                      onChange={() => toggle(template.id)}
                    />
                    <Card.Text className="small text-muted">{template.description}</Card.Text>
                  </Card.Body>
                </Card>
              </Col>
            );
          })}
        </Row>
      </Modal.Body>
      <Modal.Footer>
        <span className="me-auto small text-muted">{selected.length} selected</span>
        <Button onClick={onClose}>Done</Button>
      </Modal.Footer>
    </Modal>
  );
}
