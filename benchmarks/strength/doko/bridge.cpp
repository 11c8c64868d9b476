// Benchmark-only bridge: asks doko's UCT player (silvansievers/doko, GPL-3.0) for one decision.
// Compiled by doko_match.py against doko's sources in the cache; never part of the stammtisch package.
//
// One request per stdin line, one answer per stdout line. Two request kinds:
//
// 1. card play in normal games (the common subset of the first runs):
//   <seat> <first_player> <version> <rollouts> <simulations> | <own hand now> | <p:card p:card ...>
// (cards in doko's names: H9 HK HA S9 SK S1 SA C9 CK C1 CA D9 DK D1 DA DJ HJ SJ CJ DQ HQ SQ CQ H1)
// The request holds only the seat's own hand and the public card sequence: nothing else is
// read, so the UCT player cannot see another hand. Answer: the card's doko name.
//
// 2. the whole game ("G"): contracts, announcements and cards, at doko's published setting:
//   G <seat> <first> <version> <rollouts> <simulations> <ann option> <ann version> <mode> | <own hand now> | <events>
// events are our engine's public actions in order (see game_request() in doko_match.py):
//   p:v0 / p:v1       gesund / Vorbehalt (doko: HAS_RESERVATION no / yes)
//   p:s=K             solo declared (K one of D H S C J Q A: doko's game types; A = Fleischloser)
//   p:n               "nein" to the solo question (doko: IS_SOLO no, both Queens of clubs)
//   p:m               Hochzeit (doko: the marriage game type)
//   p:a=L.R           announcement of level L (1 Re/Kontra, 2 keine 90 .. 5 schwarz), R 1 Re party, 0 Kontra
//   p:<card>          a card
// mode V: the Spielabfrage (answer v0 or v1), T: the solo question (answer s=K or n), P: a card
// turn (answer a=L when doko announces first, else the card). The request holds only the seat's
// own hand and the public actions; doko's own question sequence is rebuilt from them (README.md).
#define private public  // read BeliefGameState::next_move_type (the move type doko expects next)
#define protected public
#include "belief_game_state.h"
#include "cards.h"
#include "game_type.h"
#include "move.h"
#include "options.h"
#include "uct.h"
#undef private
#undef protected

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

static Card pick_copy(const string &name, const Cards &avoid) {
    pair<Card, Card> two = get_cards_for_name(name);
    return avoid.contains_card(two.first) ? two.second : two.first;
}

static int game_request(const string &line);

int main() {
    Cards::setup_bit_count();
    string line;
    while (getline(cin, line)) {
        if (line.empty())
            continue;
        if (line[0] == 'G') {
            int rc = game_request(line);
            if (rc)
                return rc;
            continue;
        }
        istringstream head(line.substr(0, line.find('|')));
        string rest = line.substr(line.find('|') + 1);
        string hand_part = rest.substr(0, rest.find('|'));
        string hist_part = rest.substr(rest.find('|') + 1);
        int seat, first, version, rollouts, sims;
        head >> seat >> first >> version >> rollouts >> sims;
        vector<int> opts = {version, 500, 1, 1, 16000, rollouts, sims, 0, 0, 0, 1};
        vector<vector<int> > popts(4, opts);
        vector<player_t> types(4, UCT);
        // no solos (and so no Hochzeit), no compulsory solo, announcing version 1; option 7 = 0:
        // the UCT player never announces (the common subset, see README.md)
        Options options(1, true, false, types, true, 0, false, false, false, false, popts, false, 1);
        Cards hand_now;
        istringstream hs(hand_part);
        string c;
        while (hs >> c)
            hand_now.add_card(pick_copy(c, hand_now));
        vector<pair<int, string> > hist;
        istringstream his(hist_part);
        while (his >> c)
            hist.push_back(make_pair(c[0] - '0', c.substr(2)));
        // the original hand: the hand now plus the seat's own played cards
        Cards original = hand_now;
        for (auto &h : hist)
            if (h.first == seat)
                original.add_card(pick_copy(h.second, original));
        bool done[4] = {true, true, true, true};
        BeliefGameState state(options, seat, done, false, first, original);
        Cards own_played;
        Cards seen = original;  // copies of cards accounted for (own hand and cards played by others)
        size_t k = 0;
        while (true) {
            if (state.next_move_type.is_announcement_move()) {
                // nobody announces in the common subset
                state.set_move(state.get_player_to_move(), Move(NONE, false));
                continue;
            }
            if (k == hist.size())
                break;
            int p = hist[k].first;
            Card card;
            if (p == seat) {
                // the copy neither still in hand nor played before by this seat
                Cards taken = hand_now;
                taken.add_cards(own_played);
                card = pick_copy(hist[k].second, taken);
                own_played.add_card(card);
            } else {
                card = pick_copy(hist[k].second, seen);
                seen.add_card(card);
            }
            if (state.get_player_to_move() != p) {
                cout << "error: history out of order at move " << k << endl;
                return 2;
            }
            state.set_move(p, Move(card));
            ++k;
        }
        if (state.get_player_to_move() != seat || !state.next_move_type.is_card_move()) {
            cout << "error: not this seat's card (to move " << state.get_player_to_move() << ")" << endl;
            return 2;
        }
        vector<Move> legal;
        state.get_legal_moves(legal);
        size_t best = 0;
        if (legal.size() > 1) {
            Uct uct(options, state, hand_now, static_cast<int>(hist.size()));
            best = uct.get_best_move();
        }
        cout << legal[best].get_card().get_name() << endl;
    }
    return 0;
}

// ---------------------------------------------------------------------------------------
// The whole game
// ---------------------------------------------------------------------------------------
static const GameType *solo_type(char k) {
    switch (k) {
        case 'D': return &diamonds_solo;
        case 'H': return &hearts_solo;
        case 'S': return &spades_solo;
        case 'C': return &clubs_solo;
        case 'J': return &jacks_solo;
        case 'Q': return &queens_solo;
        case 'A': return &aces_solo;
    }
    return 0;
}

static char solo_code(const GameType *t) {
    if (t == &diamonds_solo) return 'D';
    if (t == &hearts_solo) return 'H';
    if (t == &spades_solo) return 'S';
    if (t == &clubs_solo) return 'C';
    if (t == &jacks_solo) return 'J';
    if (t == &queens_solo) return 'Q';
    if (t == &aces_solo) return 'A';
    return '?';
}

struct Event {
    int player;
    string what;
};

static int game_request(const string &line) {
    istringstream head(line.substr(1, line.find('|') - 1));
    string rest = line.substr(line.find('|') + 1);
    string hand_part = rest.substr(0, rest.find('|'));
    string ev_part = rest.substr(rest.find('|') + 1);
    int seat, first, version, rollouts, sims, ann_option, ann_version;
    string mode;
    head >> seat >> first >> version >> rollouts >> sims >> ann_option >> ann_version >> mode;
    vector<int> opts = {version, 500, 1, 1, 16000, rollouts, sims, ann_option, 0, 0, 1};
    vector<vector<int> > popts(4, opts);
    vector<player_t> types(4, UCT);
    // solos allowed, no compulsory solo (single deals: no round, README.md), doko's announcing version
    Options options(1, false, false, types, true, 0, false, false, false, false, popts, false, ann_version);
    Cards hand_now;
    istringstream hs(hand_part);
    string c;
    while (hs >> c)
        hand_now.add_card(pick_copy(c, hand_now));
    // our public actions, split: contract words per player, then the play in order
    string res[4], tier[4];
    vector<Event> play;
    istringstream es(ev_part);
    while (es >> c) {
        int p = c[0] - '0';
        string w = c.substr(2);
        if (w == "v0" || w == "v1")
            res[p] = w;
        else if (w == "n" || w == "m" || w.compare(0, 2, "s=") == 0) {
            if (w != "m" || tier[p].empty())  // "m" after "n": the Hochzeit tier of our procedure
                tier[p] = w;
            else
                tier[p] += w;
        } else
            play.push_back({p, w});
    }
    Cards original = hand_now;
    for (auto &e : play)
        if (e.player == seat && e.what.compare(0, 2, "a=") != 0)
            original.add_card(pick_copy(e.what, original));
    bool done[4] = {true, true, true, true};
    BeliefGameState state(options, seat, done, false, first, original);
    Cards own_played;
    Cards seen = original;
    Cards hand = hand_now;
    size_t k = 0;
    int searches = 0;
    // announcements of the play made since the last card, not yet given a doko slot
    auto uct_move = [&](vector<Move> &legal) -> Move {
        if (legal.size() == 1)
            return legal[0];
        if (ann_option == 0 && legal[0].is_announcement_move())
            return legal[0];
        ++searches;
        Uct uct(options, state, hand, static_cast<int>(k) + 1);
        return legal[uct.get_best_move()];
    };
    auto level_of = [](const string &w) { return w[2] - '0'; };
    auto re_of = [](const string &w) { return w[4] == '1'; };
    while (true) {
        int p = state.get_player_to_move();
        Move next = state.next_move_type;
        vector<Move> legal;
        if (next.is_question_move()) {
            question_t q = next.get_question_type();
            if (q == IMMEDIATE_SOLO) {
                if (p == seat && res[seat].empty() && mode == "V") {
                    state.get_legal_moves(legal);
                    Move m = uct_move(legal);
                    if (m.get_answer()) {
                        cout << "v1 " << searches << endl;
                        return 0;
                    }
                }
                // our procedure has no immediate solo: every other seat's solo comes through
                // HAS_RESERVATION and IS_SOLO, which lead to the same contract (README.md)
                state.set_move(p, Move(IMMEDIATE_SOLO, false));
                continue;
            }
            if (q == HAS_RESERVATION) {
                if (!res[p].empty()) {
                    state.set_move(p, Move(HAS_RESERVATION, res[p] == "v1"));
                    continue;
                }
                if (p == seat && mode == "V") {
                    state.get_legal_moves(legal);
                    Move m = uct_move(legal);
                    cout << (m.get_answer() ? "v1 " : "v0 ") << searches << endl;
                    return 0;
                }
                cout << "error: Spielabfrage answer of " << p << " missing" << endl;
                return 2;
            }
            // IS_SOLO
            if (!tier[p].empty()) {
                state.set_move(p, Move(IS_SOLO, tier[p][0] == 's'));
                continue;
            }
            if (p == seat && mode == "T") {
                state.get_legal_moves(legal);
                Move m = uct_move(legal);
                if (!m.get_answer()) {
                    cout << "n " << searches << endl;
                    return 0;
                }
                state.set_move(p, m);
                vector<Move> types;
                state.get_legal_moves(types);
                Move t = uct_move(types);
                cout << "s=" << solo_code(t.get_game_type()) << " " << searches << endl;
                return 0;
            }
            cout << "error: solo answer of " << p << " missing (next question of doko's order)" << endl;
            return 2;
        }
        if (next.is_game_type_move()) {
            const string &w = tier[p];
            if (state.is_marriage) {
                state.set_move(p, Move(&marriage));
                continue;
            }
            if (w.compare(0, 2, "s=") == 0) {
                state.set_move(p, Move(solo_type(w[2])));
                continue;
            }
            cout << "error: game type of " << p << " unknown" << endl;
            return 2;
        }
        // the play: announcements and cards
        if (next.is_announcement_move()) {
            // the next event, if an announcement of p, takes this slot of doko's
            if (k < play.size() && play[k].what.compare(0, 2, "a=") == 0 && play[k].player == p) {
                state.set_move(p, Move(static_cast<announcement_t>(level_of(play[k].what)), re_of(play[k].what)));
                ++k;
                continue;
            }
            if (k == play.size() && p == seat && mode == "P") {
                // the seat knows its own party (doko's UctPlayer takes its legal announcements from
                // the real game; its belief state leaves the own party open in a normal game)
                if (state.players_team[seat] == -1)
                    state.players_team[seat] = (original.contains_card(CQ) || original.contains_card(CQ_)) ? 1 : 0;
                state.get_legal_moves(legal);
                Move m = uct_move(legal);
                if (m.get_announcement() != NONE) {
                    cout << "a=" << static_cast<int>(m.get_announcement()) << " " << searches << endl;
                    return 0;
                }
                state.set_move(p, m);
                continue;
            }
            state.set_move(p, Move(NONE, state.players_team[p] == 1));
            continue;
        }
        // a card move is next: announcements made at moments doko has no slot for (right after the
        // announcer's own card, or in a window doko counts differently) are set directly
        while (k < play.size() && play[k].what.compare(0, 2, "a=") == 0) {
            // doko's own bookkeeping of an announcement (its inferences about the ♣ Queens
            // included), with the asking order it keeps restored afterwards
            const string &w = play[k].what;
            int keep_player = state.player_to_move, keep_left = state.players_left_to_ask_about_announcement;
            state.player_to_move = play[k].player;
            state.set_announcement_move(Move(static_cast<announcement_t>(level_of(w)), re_of(w)));
            state.player_to_move = keep_player;
            state.players_left_to_ask_about_announcement = keep_left;
            ++k;
        }
        if (k == play.size()) {
            if (p != seat || mode != "P") {
                cout << "error: not this seat's card (to move " << p << ")" << endl;
                return 2;
            }
            state.get_legal_moves(legal);
            Move m = uct_move(legal);
            cout << m.get_card().get_name() << " " << searches << endl;
            return 0;
        }
        const Event &e = play[k];
        if (e.player != p) {
            cout << "error: history out of order at event " << k << " (" << e.player << " vs " << p << ")" << endl;
            return 2;
        }
        Card card;
        if (p == seat) {
            Cards taken = hand_now;
            taken.add_cards(own_played);
            card = pick_copy(e.what, taken);
            own_played.add_card(card);
        } else {
            card = pick_copy(e.what, seen);
            seen.add_card(card);
        }
        state.set_move(p, Move(card));
        ++k;
    }
}
