-- Schema version 2: indexes for recall and export by hand, and a view of
-- each hand's status including later voids.

CREATE INDEX cards_by_hand ON cards(hand_id);
CREATE INDEX decisions_by_hand ON decisions(hand_id);
CREATE INDEX transfers_by_hand ON transfers(hand_id);
CREATE INDEX shuffles_by_hand ON shuffles(hand_id);
CREATE INDEX reveals_by_hand ON reveals(hand_id);
CREATE INDEX external_shuffles_by_hand ON external_shuffles(hand_id);

CREATE VIEW hand_status AS
SELECT hands.id AS hand_id,
       CASE WHEN voids.hand_id IS NULL THEN hands.status ELSE 'voided' END AS status,
       voids.reason AS void_reason,
       voids.approved_by AS void_approved_by
FROM hands LEFT JOIN voids ON voids.hand_id = hands.id;
