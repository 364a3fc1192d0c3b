/**
 * The head of a profile, own or public: avatar (initials fallback), full name, Verified badge, the
 * five-star average with the review count, "Member since" year, bio, location, phone (own profile only)
 * and website; the caller adds its buttons.
 */
import { useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@vnmarket/proto/auth';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { formatPhone, initials, plural } from '../lib/format';
import { fullName, memberSinceYear, ratingOf, websiteHref } from '../lib/users';
import { CalendarIcon, PhoneIcon, PinIcon, ShieldIcon, Svg } from './Icons';
import { Stack } from './layout';
import { formatRating, Stars } from './Stars';
import { Avatar, Badge, Card } from './ui';

export function ProfileHeader({ profile, phone, actions }: { profile: PublicUser; phone?: string | null; actions?: ReactNode }) {
  const name = fullName(profile);
  const rating = ratingOf(profile.averageRating);
  const since = memberSinceYear(profile.createdAt);
  const website = profile.website ? websiteHref(profile.website) : undefined;
  const { t } = useLingui();
  return (
    <Head data-testid="profile-header">
      <Avatar $size={104} data-testid="profile-avatar">
        {profile.profileImageUrl ? (
          <img src={profile.profileImageUrl} alt={t`Photo of ${name}`} />
        ) : (
          <Initials aria-hidden="true">{initials(profile.firstName, profile.lastName)}</Initials>
        )}
      </Avatar>
      <Stack $gap={8}>
        <NameRow>
          <h1 data-testid="profile-name">{name}</h1>
          {profile.isVerified && (
            <Badge $tone="success" data-testid="verified-badge">
              <ShieldIcon size={13} /> {t`Verified`}
            </Badge>
          )}
        </NameRow>
        <Rating data-testid="profile-rating">
          <Stars rating={rating} size={18} />
          <strong>{formatRating(rating)}</strong>
          <ReviewCount>({plural(profile.reviewCount, 'review')})</ReviewCount>
        </Rating>
        {profile.bio && <Bio data-testid="profile-bio">{profile.bio}</Bio>}
        <Facts>
          {since !== undefined && (
            <li>
              <CalendarIcon size={16} /> {t`Member since ${since}`}
            </li>
          )}
          {profile.location && (
            <li>
              <PinIcon size={16} /> <span className="visually-hidden">{t`Location:`} </span>
              {profile.location}
            </li>
          )}
          {phone && (
            <li>
              <PhoneIcon size={16} /> <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
            </li>
          )}
          {profile.website && (
            <li>
              <GlobeIcon />
              {website ? (
                <a href={website} target="_blank" rel="noopener noreferrer nofollow">
                  {profile.website}
                  <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
                </a>
              ) : (
                <span>{profile.website}</span>
              )}
            </li>
          )}
        </Facts>
      </Stack>
      {actions && <Actions>{actions}</Actions>}
    </Head>
  );
}

function GlobeIcon() {
  return (
    <Svg size={16}>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </Svg>
  );
}

const Head = styled(Card)`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  gap: 20px;
  align-items: start;
  padding: 24px;
  ${media.belowTablet} {
    grid-template-columns: auto minmax(0, 1fr);
    padding: 18px;
    gap: 14px 16px;
  }
`;

const Initials = styled.span`
  font-size: 2.1rem;
`;

const NameRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  h1 {
    font-size: 1.6rem;
    line-height: 1.2;
    font-weight: 750;
    overflow-wrap: anywhere;
  }
`;

const Rating = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

const ReviewCount = styled.span`
  color: var(--muted);
`;

const Bio = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 18px;
  margin: 0;
  padding: 0;
  list-style: none;
  color: var(--muted);
  font-size: 0.95rem;
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  svg {
    flex: none;
  }
  a {
    color: var(--primary);
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  ${media.belowTablet} {
    grid-column: 1 / -1;
    flex-direction: row;
    flex-wrap: wrap;
    > * {
      flex: 1 1 140px;
    }
  }
`;
