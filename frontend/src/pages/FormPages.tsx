import { type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';

import { Spinner } from '../components/Spinner';
import { ThemeProvider } from '../components/ThemeProvider';
import { space } from '../design/tokens';
import { DeletionRequestForm } from '../features/account/components/DeletionRequestForm';
import { ApplicationForm } from '../features/applications/components/ApplicationForm';
import { AcceptInvitationForm } from '../features/auth/components/AcceptInvitationForm';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import { LoginForm } from '../features/auth/components/LoginForm';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';
import { SignupForm } from '../features/auth/components/SignupForm';
import { lazyComponent } from '../lib/lazy-route';

const ContactForm = lazyComponent(() => import('../features/contact/components/ContactForm'));

function FormPage({ title, intro, children, wide = false }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <ThemeProvider>
      <div className="el-page el-container" style={{ maxWidth: wide ? 1040 : 560 }}>
        <h1>{title}</h1>
        {intro && <p className="el-muted">{intro}</p>}
        {children}
      </div>
    </ThemeProvider>
  );
}

/** Application or sign-up, plus a login form labelled ALREADY A MEMBER (docs/product.md#public-pages). */
export function JoinPage() {
  return (
    <FormPage title="Join Us" wide intro="Contractors apply to join our member network; owners create an account to start a project.">
      <div className="el-grid el-grid--2" style={{ alignItems: 'start' }}>
        <section className="el-card" aria-labelledby="join-apply">
          <h2 id="join-apply">Apply as a contractor</h2>
          <ApplicationForm />
          <p style={{ marginTop: space.base }}>
            Starting a project as an owner? <Link to="/new">Create an owner account</Link>.
          </p>
        </section>
        <section className="el-card" aria-labelledby="join-member">
          <h2 id="join-member">ALREADY A MEMBER</h2>
          <LoginForm idPrefix="join-login" />
        </section>
      </div>
    </FormPage>
  );
}

export function ApplyPage() {
  return (
    <FormPage
      title="Apply as a contractor"
      intro="Tell us about your company. Once approved, you are listed in our directory and can start escrow projects with owners."
    >
      <ApplicationForm />
    </FormPage>
  );
}

export function NewBuyerPage() {
  return (
    <FormPage title="Create an owner account" intro="Start a project, choose your contractor and fund milestones into escrow.">
      <SignupForm />
    </FormPage>
  );
}

export function InvitedBuyerPage() {
  const hash = useParams().hash ?? '';
  return (
    <FormPage title="Your project is waiting">
      <AcceptInvitationForm hash={hash} />
    </FormPage>
  );
}

export function ForgotPasswordPage() {
  return (
    <FormPage title="Forgot your password?" intro="Enter your email address and we will send you a link to choose a new one.">
      <ForgotPasswordForm />
    </FormPage>
  );
}

export function ResetPasswordPage() {
  const code = useParams().code ?? '';
  return (
    <FormPage title="Reset your password">
      <ResetPasswordForm code={code} />
    </FormPage>
  );
}

export function DeleteAccountPage() {
  return (
    <FormPage
      title="Delete My Account"
      intro="Send us a request and we will delete your account and your personal details. Payment records the law requires us to keep stay, without your personal details."
    >
      <DeletionRequestForm />
    </FormPage>
  );
}

export function ContactPage() {
  return (
    <div className="el-page el-container" style={{ maxWidth: 760 }}>
      <h1>Contact Us</h1>
      <p>Questions about a project, a deposit or joining as a contractor? Send us a message: we answer within 24 hours.</p>
      <p className="el-muted">Our team mediates disputes and helps with technical problems on any project.</p>
      <Suspense fallback={<Spinner label="Loading the contact form…" />}>
        <ContactForm />
      </Suspense>
    </div>
  );
}
