#!/usr/bin/perl
# hostile.pl MODE ARGS... - the hostile clients of tests/hostile.sh
# (perl-base only: sockets the shell cannot make).
#
#   http PORT REQUEST        send REQUEST and CRLF CRLF, print the answer
#   raw PORT DATA SECS       send DATA (perl escapes) as it is, print the
#                            answer, or "timed out" after SECS seconds
#   udpfake PORT HOW SECS    a UDP server on PORT for SECS seconds that
#                            answers each datagram as HOW says: echo (as
#                            lat_udp's server), garbage (as long, other
#                            bytes), short (its first 4 bytes), long
#                            (one byte more), seq (the number plus 1)
#   hold PORT N SECS [DATA]  N connections to PORT, DATA sent on each
#                            (perl escapes), held SECS seconds
#   flood PORT N SIZE SECS   N connections to lat_tcp's server, each
#                            sending the message size SIZE and a whole
#                            message, none reading the echo; held SECS
#   slow PORT SECS           a request one byte a second, for SECS
#   eof PORT                 connect, send nothing, print the seconds
#                            until the server closes (at most 30)
#   uhold NAME N SECS        N connections to the abstract UNIX NAME
#   ubind NAME SECS          bind and listen on the abstract NAME
#   bwudp PORT COUNT MSIZE HOW  a bw_udp request (HOW: good: with the
#                            cookie the server gives, bad: a wrong one,
#                            old: lmbench-ng's former 20-byte request);
#                            prints "datagrams bytes" received in 1 s
#
# The modes that hold something print "held" once it is held.
use strict;
use warnings;
use IO::Socket::INET;
use IO::Socket::UNIX;
use Socket;
use Time::HiRes qw(time sleep);

my $mode = shift @ARGV;
my $host = '127.0.0.1';
my $magic = 0x4c4d4255;

sub tcp {
	my ($port) = @_;
	return IO::Socket::INET->new(PeerAddr => $host, PeerPort => $port,
	    Proto => 'tcp', Timeout => 5);
}

sub unix_abstract {
	my ($name) = @_;
	my $s;
	socket($s, AF_UNIX, SOCK_STREAM, 0) or die "socket: $!\n";
	return ($s, pack_sockaddr_un("\0" . $name));
}

sub mark_held {
	$| = 1;
	print "held\n";
}

if ($mode eq 'http') {
	my ($port, $req) = @ARGV;
	my $s = tcp($port) or die "connect: $!\n";
	print $s "$req\r\n\r\n";
	local $SIG{ALRM} = sub { die "timed out\n" };
	alarm 15;
	print while <$s>;
} elsif ($mode eq 'raw') {
	my ($port, $data, $secs) = @ARGV;
	my $s = tcp($port) or die "connect: $!\n";
	print $s eval qq("$data");
	$s->flush;
	local $SIG{ALRM} = sub { print "timed out\n"; exit 0 };
	alarm $secs;
	print while <$s>;
} elsif ($mode eq 'udpfake') {
	my ($port, $how, $secs) = @ARGV;
	my $s = IO::Socket::INET->new(LocalAddr => $host, LocalPort => $port,
	    Proto => 'udp') or die "bind: $!\n";
	mark_held();
	local $SIG{ALRM} = sub { exit 0 };
	alarm $secs;
	for (;;) {
		my $from = $s->recv(my $d, 65536) or next;
		if ($how eq 'garbage') {
			$d = substr($d, 0, 4) . ('x' x (length($d) - 4));
		} elsif ($how eq 'short') {
			$d = substr($d, 0, 4);
		} elsif ($how eq 'long') {
			$d .= 'x';
		} elsif ($how eq 'seq') {
			substr($d, 0, 4) = pack('N', unpack('N', $d) + 1);
		}
		send($s, $d, 0, $from);
	}
} elsif ($mode eq 'hold') {
	my ($port, $n, $secs, $data) = @ARGV;
	my @s;
	for (1 .. $n) {
		my $s = tcp($port) or last;
		print $s eval qq("$data") if defined $data;
		$s->flush;
		push @s, $s;
	}
	mark_held();
	sleep $secs;
} elsif ($mode eq 'flood') {
	my ($port, $n, $size, $secs) = @ARGV;
	my $msg = 'x' x $size;
	my @s;
	local $SIG{PIPE} = 'IGNORE';
	for (1 .. $n) {
		my $s = tcp($port) or last;
		syswrite($s, pack('N', $size));
		my $off = 0;
		while ($off < $size) {
			my $w = syswrite($s, $msg, $size - $off, $off);
			last unless $w;
			$off += $w;
		}
		push @s, $s;
	}
	mark_held();
	sleep $secs;
} elsif ($mode eq 'slow') {
	my ($port, $secs) = @ARGV;
	my $s = tcp($port) or die "connect: $!\n";
	$s->autoflush(1);
	local $SIG{PIPE} = 'IGNORE';
	mark_held();
	for my $i (0 .. $secs - 1) {
		print $s substr('GET /a.html HTTP/1.0', $i % 20, 1) or last;
		sleep 1;
	}
} elsif ($mode eq 'eof') {
	my ($port) = @ARGV;
	my $s = tcp($port) or die "connect: $!\n";
	my $t0 = time;
	local $SIG{ALRM} = sub { print "30\n"; exit 0 };
	alarm 30;
	my $buf;
	1 while sysread($s, $buf, 4096);
	printf "%.1f\n", time - $t0;
} elsif ($mode eq 'uhold') {
	my ($name, $n, $secs) = @ARGV;
	my @s;
	for (1 .. $n) {
		my ($s, $addr) = unix_abstract($name);
		connect($s, $addr) or last;
		push @s, $s;
	}
	mark_held();
	sleep $secs;
} elsif ($mode eq 'ubind') {
	my ($name, $secs) = @ARGV;
	my ($s, $addr) = unix_abstract($name);
	bind($s, $addr) or die "bind: $!\n";
	listen($s, 128) or die "listen: $!\n";
	mark_held();
	my $end = time + $secs;
	local $SIG{ALRM} = sub { exit 0 };
	alarm $secs;
	while (time < $end) {
		my $c;
		accept($c, $s) and close($c);
	}
} elsif ($mode eq 'tbind') {
	# a squatter on a TCP port of 127.0.0.1: it accepts and echoes
	my ($port, $secs) = @ARGV;
	socket(my $s, PF_INET, SOCK_STREAM, 0) or die "socket: $!\n";
	bind($s, pack_sockaddr_in($port, inet_aton('127.0.0.1'))) or die "bind: $!\n";
	listen($s, 128) or die "listen: $!\n";
	mark_held();
	local $SIG{ALRM} = sub { exit 0 };
	alarm $secs;
	while (accept(my $c, $s)) {
		my $buf;
		while (sysread($c, $buf, 65536)) { syswrite($c, $buf); }
		close($c);
	}
} elsif ($mode eq 'bwudp') {
	my ($port, $count, $msize, $how) = @ARGV;
	my $s = IO::Socket::INET->new(PeerAddr => $host, PeerPort => $port,
	    Proto => 'udp') or die "socket: $!\n";
	my ($c0, $c1) = (0x12345678, 0x9abcdef0);
	my $buf;
	if ($how eq 'good') {
		$s->send(pack('N7', $magic, 7, 0, 0, 0, 0, 0));
		my $rin = '';
		vec($rin, fileno($s), 1) = 1;
		select(my $r = $rin, undef, undef, 1) or die "no cookie\n";
		$s->recv($buf, 100);
		die "cookie reply of " . length($buf) . " bytes\n" if length($buf) != 16;
		(undef, undef, $c0, $c1) = unpack('N4', $buf);
	}
	if ($how eq 'old') {
		$s->send(pack('N5', $magic, 8, 0, $count, $msize));
	} else {
		$s->send(pack('N7', $magic, 8, 0, $count, $msize, $c0, $c1));
	}
	my ($n, $bytes) = (0, 0);
	my $end = time + 1;
	while ((my $left = $end - time) > 0) {
		my $rin = '';
		vec($rin, fileno($s), 1) = 1;
		last unless select(my $r = $rin, undef, undef, $left);
		last unless defined $s->recv($buf, 70000);
		$n++;
		$bytes += length($buf);
	}
	print "$n $bytes\n";
} else {
	die "hostile.pl: unknown mode '$mode'\n";
}
