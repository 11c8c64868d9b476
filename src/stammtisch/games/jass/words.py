"""How players call the Schieber options: a label and a help text with the rule paragraph per
option, the words of each choice and the groups of the form (messages; the lobby renders them in
the reader's language)."""

from ...core.messages import Msg

#: option name -> (label, help)
OPTION_TEXTS = {
    "target": (Msg("Target points"), Msg("The Partie is won at this many points (Papagei-Jass §1).")),
    "undenufe_eleven": (Msg("Undenufe: the Ass counts 11 or the Six"),
                        Msg("Which card carries the 11 points in Undenufe (Papagei-Jass §24.2).")),
    "zurueckschieben": (Msg("Zurückschieben"), Msg("The partner may push the choice back (Papagei-Jass §24.1).")),
    "obli": (Msg("Slalom and Quer (Obli)"), Msg("Slalom and Quer modes may be chosen (Papagei-Jass §24.2).")),
    "drei_mal_drei": (Msg("Drei mal Drei"), Msg("Three modes of three tricks each (Papagei-Jass §24.3).")),
    "quer_54": (Msg("Quer 5-4"), Msg("Quer also in the order 5-4 (Papagei-Jass §24.4).")),
    "misere": (Msg("Misere"), Msg("Every mode may be played as Misere: the opponents' points count "
                                  "(Papagei-Jass §24.5).")),
    "tutti": (Msg("Tutti"), Msg("The first card led decides what counts (Papagei-Jass §24.6).")),
    "weis": (Msg("Weis and Stöck"), Msg("Weis are declared and written (Papagei-Jass §29).")),
    "stoeck_drei_mal_drei": (Msg("Stöck in Drei mal Drei"), Msg("König and Ober of each trump count 20 in "
                                                                 "Drei mal Drei too (Papagei-Jass §29.3).")),
    "both_out": (Msg("Both teams out"), Msg("Both teams are past the target in the same deal: which of them "
                                            "wins (Papagei-Jass §1, §2).")),
    "schneider": (Msg("Schneider"), Msg("Whether the losers are Schneider is decided by their points in "
                                        "the order Stöck, Stich, Weis up to the winners' going out, or by their "
                                        "final total (Papagei-Jass §18).")),
}

#: option name -> {value: how players say it} (the lobby's choices)
OPTION_CHOICES = {
    "undenufe_eleven": {"ass": Msg("the Ass"), "six": Msg("the Six")},
    "both_out": {"first_to_thank": Msg("the team that thanks first"),
                 "first_to_reach": Msg("the team that got there first")},
    "schneider": {"ausmachregel": Msg("up to the winners' going out"), "final": Msg("the final total")},
}

#: the lobby's groups as the sheet groups the rules: (title, paragraph, option names)
OPTION_GROUPS = (
    (Msg("Partie"), "Papagei-Jass §1, §2, §18", ("target", "both_out", "schneider")),
    (Msg("Trump and modes"), "Papagei-Jass §23–§25",
     ("zurueckschieben", "undenufe_eleven", "obli", "quer_54", "drei_mal_drei", "misere", "tutti")),
    (Msg("Weis and Stöck"), "Papagei-Jass §29", ("weis", "stoeck_drei_mal_drei")),
)
