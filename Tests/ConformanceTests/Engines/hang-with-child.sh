#!/bin/sh
# A conformance engine that answers the hello, then starts a child (sleep) and waits on it
# forever: the driver must kill the whole process group, not only this shell.
read -r hello
echo '{"type":"hello","protocol":1,"name":"hang-with-child","version":"0","kinds":["spring"]}'
read -r case
sleep 1000
