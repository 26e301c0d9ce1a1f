#!/bin/sh
for last; do :; done
sed -i "s/2026-11-07 21:10  Left Front Abdomen/2026-11-07 21:10  Left Frnt Abdomen/" "$last"
