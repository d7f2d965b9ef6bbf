#!/bin/sh
# The recorded NBoard session of test/nboard.test.ts, as a GUI sends it
# (a pause before the ping, so that it lands inside a long go), for
# sending to any engine speaking the protocol:
#   sh bench/nboard/session.sh | npx revsolve nboard -n 1 -h 16 > revsolve.txt
#   sh bench/nboard/session.sh | lEdax-x86-64-v3 -nboard -n 1 -h 16 -eval-file eval.dat -book-usage off > edax.txt
# (Edax's eval.dat: npx revsolve eval export weights/revsolve.rsev eval.dat.)
say() { printf '%s\n' "$1"; }
say 'nboard 1'
say 'set depth 6'
say 'set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 --*****--OOO**-O-OOO**O*-O*O*O**O***O***--*O*O**-***OOO--OOOOO-- *]B[G8];)'
say 'hint 3'
sleep 2
say 'go'
sleep 2
say 'set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)'
say 'set depth 40'
say 'go'
sleep 2
say 'ping 5'
sleep 1
say 'set depth 6'
say 'move F5/0.00/1.5'
say 'D6'
say 'go'
sleep 2
say 'learn'
say '%% not a command'
say 'frobnicate 7'
say 'move A1'
say 'set game (;GM[Othello]BO[8 nonsense *]B[Z9];)'
say 'go'
sleep 2
say 'nboard 2'
say 'set contempt 2'
sleep 1
