import { Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useBrand } from '../../lib/brand';
import { DEVELOPER_LINKS, type FooterLink, OTHER_LINKS, SOCIAL_LINKS } from './footer-links';

function FooterColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <Col xs={6} md={3}>
      <h2 className="h6 text-uppercase text-white-50">{title}</h2>
      <ul className="list-unstyled">
        {links.map((link) => (
          <li key={link.to} className="mb-1">
            {link.external ? (
              <a className="link-light link-underline-opacity-0" href={link.to}>
                {link.label}
              </a>
            ) : (
              <Link className="link-light link-underline-opacity-0" to={link.to}>
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Col>
  );
}

export function Footer() {
  const { brandName, contactEmail } = useBrand();
  return (
    <footer className="bg-dark text-light pt-5 pb-3 mt-auto">
      <Container>
        <Row className="gy-4">
          <Col md={6}>
            <div className="d-flex align-items-center gap-2 mb-2">
              <img src="/logo.svg" width={32} height={32} alt="" />
              <span className="h5 mb-0">{brandName}</span>
            </div>
            <p className="text-white-50 mb-2">Web, desktop, Android and API software, built to last.</p>
            {contactEmail && (
              <p className="mb-2">
                <a className="link-light" href={`mailto:${contactEmail}`}>
                  {contactEmail}
                </a>
              </p>
            )}
            <ul className="list-inline mb-0">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.href} className="list-inline-item">
                  <a
                    className="link-light"
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                  >
                    {social.short}
                  </a>
                </li>
              ))}
            </ul>
          </Col>
          <FooterColumn title="For Developers" links={DEVELOPER_LINKS} />
          <FooterColumn title="Other Links" links={OTHER_LINKS} />
        </Row>
        <hr className="border-secondary" />
        <p className="small text-white-50 mb-0">© 2024 {brandName}. All rights reserved</p>
      </Container>
    </footer>
  );
}
