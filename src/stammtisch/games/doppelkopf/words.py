"""How players call the tournament Doppelkopf options: label and help with the rule paragraph."""

from ...core.messages import Msg

#: option name -> (label, help)
OPTION_TEXTS = {
    "players": (Msg("Players at the table"), Msg("4, or 5 with the dealer sitting out (Doppelkopf-Turnier 1.).")),
    "games_per_round": (Msg("Games per round"), Msg("0 means as many as the table plays (Doppelkopf-Turnier 1.).")),
    "solos": (Msg("Solos played"), Msg("The solo kinds a player may announce (Doppelkopf-Turnier 3.).")),
    "pflichtsolo": (Msg("Pflichtsolo"), Msg("Every player owes one solo per round (Doppelkopf-Turnier 2.).")),
    "vorfuehrung": (Msg("Vorführung"), Msg("A player who still owes his Pflichtsolo at the end must play it "
                                            "(DDV Vorführung).")),
    "alone_as_solo": (Msg("Alone scored as a solo"), Msg("A stille Hochzeit or a Hochzeiter left alone is scored "
                                                          "like a solo (Doppelkopf-Turnier 4., 7.).")),
    "absagen_in_solo": (Msg("Absagen count in a solo"), Msg("Absagen score in solos too (Doppelkopf-Turnier 5.).")),
    "late_reply_absagen": (Msg("Absagen after a late reply"), Msg("A party whose Re/Kontra came as a late reply "
                                                                  "may still make Absagen (Doppelkopf-Turnier 5.).")),
    "sonderpunkte": (Msg("Sonderpunkte"), Msg("Fuchs gefangen, Doppelkopf, Karlchen, gegen die Alten "
                                              "(Doppelkopf-Turnier 6.).")),
}

#: option name -> {value: how players say it} (the lobby's choices)
OPTION_CHOICES = {
    "players": {4: Msg("4 players"), 5: Msg("5 players, the dealer sits out")},
}

#: the lobby's groups as the sheet groups the rules: (title, paragraph, option names)
OPTION_GROUPS = (
    (Msg("Table and round"), "Doppelkopf-Turnier 1., 2.", ("players", "games_per_round", "pflichtsolo", "vorfuehrung")),
    (Msg("Solos"), "Doppelkopf-Turnier 3., 4.", ("solos", "alone_as_solo")),
    (Msg("Ansagen and Absagen"), "Doppelkopf-Turnier 5.", ("absagen_in_solo", "late_reply_absagen")),
    (Msg("Sonderpunkte"), "Doppelkopf-Turnier 6.", ("sonderpunkte",)),
)
