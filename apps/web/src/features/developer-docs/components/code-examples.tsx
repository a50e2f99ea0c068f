import { Tab, Tabs } from 'react-bootstrap';
import { CodeBox } from './code-box';

export interface CodeExample {
  label: string;
  code: string;
}

/** ReactJS and Java examples of one operation, and its curl command when it has one, in tabs. */
export function CodeExamples({
  id,
  react,
  java,
  curl,
}: {
  id: string;
  react: CodeExample;
  java: CodeExample;
  curl?: CodeExample;
}) {
  return (
    <Tabs id={`${id}-examples`} defaultActiveKey="react" className="mb-0">
      <Tab eventKey="react" title="ReactJS" className="pt-2">
        <CodeBox label={react.label} code={react.code} />
      </Tab>
      <Tab eventKey="java" title="Java" className="pt-2">
        <CodeBox label={java.label} code={java.code} />
      </Tab>
      {curl && (
        <Tab eventKey="curl" title="curl" className="pt-2">
          <CodeBox label={curl.label} code={curl.code} />
        </Tab>
      )}
    </Tabs>
  );
}
