#!/bin/sh
for last; do :; done
echo "editor got: $*" | sed "s#$PWD#WORK#g" >&2
sed -i "s/occlusion alarm/occlusion alarm at 3 am/" "$last"
