// Benchmark-only bridge: asks doko's UCT player (silvansievers/doko, GPL-3.0) for one card.
// Compiled by build.py against doko's sources in the cache; never part of the stammtisch package.
//
// One request per stdin line, one answer per stdout line:
//   <seat> <first_player> <version> <rollouts> <simulations> | <own hand now> | <p:card p:card ...>
// (cards in doko's names: H9 HK HA S9 SK S1 SA C9 CK C1 CA D9 DK D1 DA DJ HJ SJ CJ DQ HQ SQ CQ H1)
// The request holds only the seat's own hand and the public card sequence: nothing else is
// read, so the UCT player cannot see another hand. Answer: the card's doko name.
#define private public  // read BeliefGameState::next_move_type (the move type doko expects next)
#define protected public
#include "belief_game_state.h"
#include "cards.h"
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

int main() {
    Cards::setup_bit_count();
    string line;
    while (getline(cin, line)) {
        if (line.empty())
            continue;
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
