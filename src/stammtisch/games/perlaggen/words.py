"""How players call the Perlaggen options: label and help with the rule paragraph."""

from ...core.messages import Msg

#: option name -> (label, help)
OPTION_TEXTS = {
    "target": (Msg("Target points"), Msg("The Partie is won at this many points (Perlaggen §2).")),
    "eichel_ober_high": (Msg("Eichel-Ober high"), Msg("The Eichel-Ober ranks above the other Perlaggen.")),
    "unbid_points": (Msg("Points of an unbid figure"), Msg("What an unbid figure writes (Perlaggen §26).")),
    "unseen_bidding": (Msg("Bidding unseen"), Msg("A partnership may bid before looking (Perlaggen §32).")),
    "offences": (Msg("Offences"), Msg("What the table does with an offence (Perlaggen §33).")),
    "dritzig_at_17": (Msg("Only dritzig at 17 : 17"), Msg("At 17 : 17 only a dritziges figure goes out "
                                                          "(Perlaggen §25).")),
    "signals": (Msg("Signals"), Msg("Partners may give the agreed signals (Perlaggen §9).")),
    "taufe_binds_figures": (Msg("Taufe binds the figures"), Msg("A getaufter Perlagg counts as that card for "
                                                                 "the figures too (Perlaggen §18).")),
    "meld_order": (Msg("Order at 17 : 17"), Msg("How figures declared at 17 : 17 are compared "
                                                 "(Perlaggen §25).")),
    "par10_laid_open": (Msg("§10 when the cards are laid open"), Msg("A side that lays its cards open after "
                                                                     "bidding a figure it lacks (Perlaggen §9, §10).")),
}

#: option name -> {value: how players say it} (the lobby's choices)
OPTION_CHOICES = {
    "offences": {"refuse": Msg("the table refuses them"), "penalise": Msg("played, and punished when claimed")},
    "meld_order": {"figure": Msg("the figure first, then the degree"), "degree": Msg("the degree first")},
}

#: the lobby's groups as the sheet groups the rules: (title, paragraph, option names)
OPTION_GROUPS = (
    (Msg("Partie"), "Perlaggen §2", ("target",)),
    (Msg("Cards and Taufe"), "Perlaggen §18", ("eichel_ober_high", "taufe_binds_figures")),
    (Msg("Bidding and figures"), "Perlaggen §25–§32", ("unseen_bidding", "unbid_points", "dritzig_at_17", "meld_order")),
    (Msg("Signals and offences"), "Perlaggen §9, §10, §33", ("signals", "par10_laid_open", "offences")),
)
