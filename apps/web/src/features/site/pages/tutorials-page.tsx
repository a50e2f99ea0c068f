import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { PageTabs } from '../components/page-tabs';

/**
 * docs/product-contract.md §Screens (Getting-started guide): two tabs, create an account and place an
 * order.
 */
export function TutorialsPage() {
  return (
    <Container className="py-5" style={{ maxWidth: 860 }}>
      <PageMeta
        title="Getting started: create an account and place an order"
        description="A step-by-step guide to creating your account and requesting your first software project."
        path="/tutorials"
      />
      <h1>Getting started</h1>
      <p className="lead">Two short guides take you from your first visit to your first project.</p>
      <PageTabs
        label="Guides"
        tabs={[
          {
            key: 'account',
            title: 'Create an account',
            content: (
              <>
                <h2 className="h4">Create an account</h2>
                <ol className="tutorial-steps">
                  <li>
                    Use the <strong>Sign Up</strong> button at the top right of the page (on a phone, open the
                    menu first, or use the button on the home page).
                  </li>
                  <li>
                    Fill in the form: your first and last name, email, a password of at least 8 characters
                    typed twice, and a security question with its answer. The answer lets you reset your
                    password later, so pick one you will remember.
                  </li>
                  <li>
                    Submit the form. Your account is created and you land on your profile, where your orders,
                    subscriptions and settings live.
                  </li>
                </ol>
                <p>
                  Ready? <Link to="/signup">Create your account</Link>.
                </p>
              </>
            ),
          },
          {
            key: 'order',
            title: 'Place an order',
            content: (
              <>
                <h2 className="h4">Place an order</h2>
                <ol className="tutorial-steps">
                  <li>
                    Open the <strong>Orders</strong> entry in the menu (<Link to="/orders">/orders</Link>).
                    You need to be signed in.
                  </li>
                  <li>
                    Click <strong>Request New Project</strong>.
                  </li>
                  <li>Choose a project type: desktop, web or a combination.</li>
                  <li>Enter a project name that you and the team will recognise.</li>
                  <li>
                    Click <strong>Create</strong>. The dialog closes by itself when the project has been
                    created, and the new project appears in your list.
                  </li>
                </ol>
                <p className="mb-0">
                  We review every request within three business days and talk it through with you in the
                  project chat before any work starts.
                </p>
              </>
            ),
          },
        ]}
      />
    </Container>
  );
}
