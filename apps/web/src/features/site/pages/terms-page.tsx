import { Container } from 'react-bootstrap';
import { useBrand } from '../../../lib/brand';
import { PageMeta } from '../components/page-meta';
import { TERMS_SECTIONS } from '../components/terms-sections';

export function TermsPage() {
  const { brandName, contactEmail } = useBrand();
  return (
    <Container className="py-5" style={{ maxWidth: 860 }}>
      <PageMeta
        title="Terms and Conditions"
        description="The agreement between you and us for accounts, custom projects, payments, ownership of code and liability."
        path="/terms-and-conditions"
      />
      <h1 className="mb-2">Terms and Conditions</h1>
      <p className="text-muted">
        These terms are an agreement between you and {brandName || 'us'} (“we”, “us”).
      </p>
      {TERMS_SECTIONS.map((section) => (
        <section key={section.title} className="mt-4">
          <h2 className="h4">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section className="mt-4">
        <h2 className="h4">9. Contact</h2>
        <p>
          Questions about these terms can be sent to{' '}
          {contactEmail ? <a href={`mailto:${contactEmail}`}>{contactEmail}</a> : 'our contact address'}.
        </p>
      </section>
    </Container>
  );
}
