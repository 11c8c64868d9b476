"""The browser's words that come from the catalogue (``msg(...)`` in ``web/static/*.js``), listed
here so that the extraction (``python -m stammtisch.i18n update``) and the catalogue test know
them, and a further language's translator finds them beside the engines' messages."""

from __future__ import annotations

from ..core.messages import Msg

__all__ = ["PAGE_WORDS"]

#: every catalogue id the page's scripts render by name (grouped by the page that shows them)
PAGE_WORDS = (
    # the lobby: the rule options' marks of the profile's own value, the last group, the phone's opener
    Msg("(default)"), Msg("(default: on)"), Msg("(default: off)"), Msg("(default: {value})"), Msg("Other rules"),
    Msg("New table"),
    # the table on a phone: the words that do not fit the row are behind a button, in a sheet
    Msg("more words ({n})"), Msg("All words"),
    # a Perlagg getauft: under the trick card and in the chooser ("als Eichel-8"), its tip
    Msg("as {target}"), Msg("Taufe: {taufe}"),
    # Tarock: the word that calls a king ("den Kreuz-König rufen")
    Msg("call {king}"),
    # a Kiebitz at a table whose sheet says nothing of Kiebitze (the Tiroler Cup's note is Tarock's)
    Msg("Kiebitze may watch but not talk."),
    # the remaining cards of a Partie thanked out (Papagei-Jass §2), by number
    Msg("The remaining {n} cards are not played."),
    # the high-stakes words asked once more (as the player's setting says): Tarock bids, Perlaggen raises
    Msg("A {game} binds you to it: a bid is not taken back (Österreich-Finale 3), 6))."),
    Msg("You play the {game} alone against three: a bid is not taken back (Österreich-Finale 1), 3))."),
    Msg("A raise cannot be taken back: the figure is worth more, won or lost (Perlaggen §13)."),
    # the invitation through the phone's share sheet; the sounds' switch
    Msg("share"), Msg("An invitation to my table"), Msg("Sounds (a card played, your turn)"),
    # another Partie at the end (server/rematch.py); the quick reactions' row, switch and spoken line
    # (the phrases themselves are server/reactions.py's)
    Msg("Another Partie"), Msg("Already in: {who}"), Msg("To the next Partie (watch)"),
    Msg("Quick reactions"), Msg("Show quick reactions at the seats"), Msg("{who}: {reaction}"),
)
