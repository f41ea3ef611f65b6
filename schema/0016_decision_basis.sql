-- Schema version 16: from this version a `hand_edges` row's decisions are
-- judged against the cards left when the bets were made, less the
-- player's and the dealer's stacks (what the player could count at the
-- bet and sees of their own hand), and its `decisions` column begins with
-- the word `at-bet`; version 15 judged them against the cards left at
-- each decision, other seats' cards dealt since included, which made the
-- skill check overstate the house's expectation at tables with several
-- seats (issue 42). Rows written before the upgrade keep their meaning (a
-- reader solves such a hand again from its cards); a row added from now
-- on must be judged at the bet. See docs/ledger.md ("hand_edges") and
-- docs/game-protection.md ("The skill check").
CREATE TRIGGER hand_edges_at_bet BEFORE INSERT ON hand_edges
BEGIN SELECT RAISE(ABORT, 'hand_edges rows from version 16 on are judged at the bet: decisions begin with at-bet')
 WHERE NEW.decisions <> 'at-bet' AND substr(NEW.decisions, 1, 7) <> 'at-bet '; END;
