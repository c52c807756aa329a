-- Two-person withdrawals (issue 22): above WITHDRAWAL_SECOND_APPROVAL_ABOVE a withdrawal needs the
-- approval of two different operators before it is sent. Each approval is a row here, written in
-- the transaction that also writes its audit entry; the withdrawal stays under review (status 0)
-- after the first and becomes pending (1) with the second. Below the threshold the one approval
-- that sends it is recorded here too, so every sent withdrawal names who approved it.
--
-- approver_label is the audit log's actor label ("operator:<username>" or "cli:<os user>"): the
-- CLI acts without a user id, so the label is what tells two people apart. UNIQUE: one person
-- approves a withdrawal at most once, whatever the code above does.
CREATE TABLE withdrawal_approvals (
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  step smallint NOT NULL CHECK (step IN (1, 2)),
  approver_id bigint REFERENCES users (id),
  approver_label text NOT NULL CHECK (length(approver_label) BETWEEN 1 AND 100),
  approved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (withdrawal_id, step),
  UNIQUE (withdrawal_id, approver_label)
);
