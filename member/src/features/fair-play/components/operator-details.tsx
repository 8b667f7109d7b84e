import type { OperatorInfo } from '../../../../../shared/contract/fair-play';

/** The operator's identity, grievance officer and support contact, as configured (docs/operations.md). */
export function OperatorDetails({ operator }: { operator: OperatorInfo }) {
  return (
    <dl className="operator-details">
      <dt>Operator</dt>
      <dd>{operator.name}</dd>
      <dt>Address</dt>
      <dd>{operator.address}</dd>
      <dt>Support</dt>
      <dd>
        <a href={`mailto:${operator.support_email}`}>{operator.support_email}</a>
        {operator.support_phone ? (
          <>
            {' · '}
            <a href={`tel:${operator.support_phone.replace(/\s+/g, '')}`}>{operator.support_phone}</a>
          </>
        ) : null}
      </dd>
      <dt>Grievance officer</dt>
      <dd>
        {operator.grievance_officer_name},{' '}
        <a href={`mailto:${operator.grievance_officer_email}`}>{operator.grievance_officer_email}</a>
      </dd>
    </dl>
  );
}
