"""The words of the fair-deal line, the /fair page and the replay page's analysis (web/static/
fair.js, replay-analysis.js): declared here as catalogue ids so that ``python -m stammtisch.i18n``
finds them and the browser's catalogue (``i18n/<lang>.json``) carries them."""

from __future__ import annotations

from ..core.messages import Msg

__all__ = ["WORDS"]

WORDS = (
    Msg("commitment {short}…"),
    Msg("Analyse the decisions of"),
    Msg("Analysis by the search player"),
    Msg("Every legal action valued from this seat's information only (the hands it could not see are sampled), "
        "at the hard level's fixed budget; values in expected points."),
    Msg("{done} of {total} decisions valued"),
    Msg("waiting for the search workers …"),
    Msg("the analysis failed; try again"),
    Msg("{seat} chose {chosen}; the search: {best}; expected points lost: {loss}"),
    Msg("decisions of this deal"),
    Msg("summary"),
    Msg("Fair deals: the deals are fixed by a secret seed; its commitment (SHA-256): {commitment}"),
    Msg("The Partie is over; the seed is revealed: {seed}"),
    Msg("How to check that the deals were fair"),
    Msg("Fair deals: how to check them"),
    Msg("At every table the server draws a secret seed before any card is dealt, and shows everybody its "
        "commitment: the SHA-256 of the seed, 64 hexadecimal digits. Write it down or keep the page."),
    Msg("Every card of the Partie comes from that seed by a published rule (HMAC-SHA-256 of the seed and the "
        "deal number, then a shuffle). The server cannot change a card afterwards without the commitment "
        "giving it away."),
    Msg("When the Partie is over, the table page shows the seed and the record (download it from the replay "
        "page) carries both the seed and the commitment."),
    Msg("To check: compute the SHA-256 of the seed (any SHA-256 tool, on the seed's 32 bytes); it must be the "
        "commitment you saw before the first card. Then run: stammtisch verify RECORD. It deals every deal "
        "again from the seed and compares it with the record, card by card; it names the first deal that "
        "differs."),
    Msg("What it proves: the deals were fixed before the first bid and not changed during the game. What it "
        "cannot prove: that the seed was drawn at random. That does not make it unfair between the seats: the "
        "seed was fixed before anybody sat down with their cards, so it cannot favour anyone for what happens "
        "at the table."),
)
