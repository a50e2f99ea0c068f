import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import type { PolicyDocument } from '../content/policy-types';
import { PageMeta } from './page-meta';

/** Lays out one policy or conditions document: title, date, intro and numbered sections. */
export function PolicyArticle({ doc, children }: { doc: PolicyDocument; children?: ReactNode }) {
  return (
    <Container as="article" className="py-5" style={{ maxWidth: 860 }}>
      <PageMeta title={doc.metaTitle} description={doc.description} path={doc.path} />
      <h1 className="mb-2">{doc.title}</h1>
      {doc.lastUpdated && <p className="text-muted small">Last updated {doc.lastUpdated}</p>}
      {doc.intro.map((paragraph) => (
        <p key={paragraph} className="lead fs-6">
          {paragraph}
        </p>
      ))}
      {doc.sections.map((section) => (
        <section key={section.title} className="mt-4">
          <h2 className="h4">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {children}
    </Container>
  );
}
