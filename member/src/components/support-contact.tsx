import { useOperator } from '../lib/operator';

/**
 * The operator's support contact (issue 37): an email link (and a phone number when configured), with
 * the address spelled out while it loads or if the call fails, so the line is never empty.
 */
export function SupportContact({
  className,
  lead = 'Contact support:',
}: {
  className?: string;
  lead?: string;
}) {
  const { data } = useOperator();
  const email = data?.operator.support_email;
  const phone = data?.operator.support_phone;
  return (
    <p className={className ?? 'support-contact'} data-testid="support-contact">
      {lead} {email ? <a href={`mailto:${email}`}>{email}</a> : <a href="/help#contact">the Help page</a>}
      {phone ? (
        <>
          {' '}
          or <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
        </>
      ) : null}
    </p>
  );
}
